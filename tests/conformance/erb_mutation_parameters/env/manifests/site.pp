m { 'defaults': }
m { 'given': given => ['x'], h => { 'old' => 0 } }
class { 'm::klass': given => 'g' }
