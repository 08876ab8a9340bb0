type Mymod::Conf = Struct[{
  name => String[1],
  port => Mymod::Port,
  Optional[opts] => Hash[String, Variant[String, Integer]],
}]
