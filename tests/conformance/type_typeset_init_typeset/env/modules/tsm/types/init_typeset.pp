type Tsm = TypeSet[{
  pcore_version => '1.0.0',
  types => {
    Rec => Object[{ attributes => { n => String } }],
    Small => Integer[0, 9],
  },
}]
