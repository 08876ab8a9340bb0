class m {
  file { "/tmp/x": content => epp("m/t.epp", { "a" => 1 }) }
}
