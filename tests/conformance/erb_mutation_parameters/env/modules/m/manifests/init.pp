# Every in-place change a template makes to a parameter's Array or Hash is the
# parameter's value afterwards: in Puppet code and in the catalog.
define m($a = [], $b = [], $c = [], $d = [1], $h = {}, $i = {}, $j = {'gone' => 1, 'kept' => 2}, $k = {}, $given = []) {
  $text = template('m/all.erb')
  notify { "text ${title}": message => $text }
  notify { "after ${title}": message => [$a, $b, $c, $d, $h, $i, $j, $k, $given] }
}
