notify { 'default merged?': message => lookup('missing', Hash, 'deep', { 'd' => 1 }) }
notify { 'type Data': message => lookup('h', Data) }
notify { 'type Variant': message => lookup('int', Variant[String, Integer]) }
notify { 'type Optional found': message => lookup('str', Optional[String]) }
