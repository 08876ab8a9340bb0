class m($require = undef, $before = undef) {
  notice('m')
}
