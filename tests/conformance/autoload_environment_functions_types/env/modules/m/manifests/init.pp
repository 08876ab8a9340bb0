class m(Lower $word = 'abc') {
  notify { "m: ${h($word)} ${m::twice(2)}": }
}
