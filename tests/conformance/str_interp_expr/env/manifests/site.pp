$who = 'world'
$h = {'k' => 'v', 'n' => {'m' => 'deep'}}
$a = ['x', 'y']
notify { 'basic': message => "hello $who, ${who}! ${1 + 2} ${h['k']} ${h['n']['m']} ${a[1]} $a[0]" }
notify { 'methods': message => "${who.upcase} ${a.join('-')} ${"inner ${who}"}" }
notify { 'escapes': message => "tab[\t] nl[\n] dollar[\$] bs[\\] q[\"] u[\u00e9] u2[\u{1F600}] s[\s] unknown[\q]" }
notify { 'single': message => 'no $interp \n \\ \' done' }
notify { 'dollar': message => "cost: $ 5, trailing $" }
notify { 'varname': message => "${who}s $who-x $who.y" }
