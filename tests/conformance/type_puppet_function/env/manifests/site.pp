function local_double(Integer $x) >> Integer { $x * 2 }
function local_greet(String $who, String $greeting = 'Hello', *$rest) {
  "${greeting}, ${who}! rest=${rest}"
}
notify { 'f': message => [local_double(21), local_greet('bob'), local_greet('amy', 'Hi', 1, 2), mymod::triple(3), mymod::early(5), mymod::early(-1), 4.local_double] }
