type Name = Pattern[/\A[a-z]+\z/]
type Names = Array[Name, 1]
notify { 't': message => ['abc' =~ Name, 'ABC' =~ Name, "${Name}", ['a', 'b'] =~ Names, [] =~ Names, "${Names}", "${Array[Name]}"] }
