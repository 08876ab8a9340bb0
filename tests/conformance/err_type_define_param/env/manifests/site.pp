define mydef(Integer $count) {}
mydef { 'one': count => 'many' }
