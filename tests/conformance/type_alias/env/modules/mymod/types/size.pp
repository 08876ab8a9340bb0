type Mymod::Size = Variant[Integer[0], Enum['small', 'large']]
