$a = 'A'
class app { $b = 'B'
 notify { 't': message => inline_template('<%= scope.to_hash["a"] %> <%= scope.to_hash["b"] %> <%= scope.to_hash.key?("nope") %>') } }
include app
