type Shapes::Point = Object[{
  attributes => {
    x => Integer,
    y => { type => Integer, value => 0 },
  },
}]
