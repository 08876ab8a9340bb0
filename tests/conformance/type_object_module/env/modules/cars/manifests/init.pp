class cars(Cars::Car $car) {
  notify { 'in class': message => [$car, $car.make] }
}
