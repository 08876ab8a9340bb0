define m::pool($tag = undef, $size = 3) {
  notify { "pool ${title} ${tag}": }
}
