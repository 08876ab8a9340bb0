$x = 1
class app { notice('app') }
notice('top')
node 'foo' { }
