define m::item($list) {
  $t = template('m/append.erb')
  notify { "item ${title}": message => $list }
  $plain = []
  $forms = template('m/forms.erb')
  notify { "forms ${title}": message => [$forms, $plain] }
}
