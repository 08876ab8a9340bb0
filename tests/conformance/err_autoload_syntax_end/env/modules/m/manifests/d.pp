define m::d {
  notice($title)
