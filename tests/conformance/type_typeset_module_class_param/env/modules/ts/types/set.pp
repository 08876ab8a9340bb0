type Ts::Set = TypeSet[{
  pcore_version => '1.0.0',
  types => {
    Name => String[1,10],
    Rec => Object[{ attributes => { n => Name } }],
  },
}]
