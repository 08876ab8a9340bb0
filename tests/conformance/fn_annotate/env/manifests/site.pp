type Note = Object[{
  parent => Annotation,
  attributes => { 'text' => String, 'level' => Optional[Integer] },
}]
$a = [1, 2]
$h = { 'k' => 'v' }
$n1 = annotate(Note, $a, { 'text' => 'first' })
$b = $a
$n2 = annotate(Note, $b)
$n3 = annotate(Note, $h) || { { 'text' => 'from block', 'level' => 2 } }
$n4 = annotate(Note, $h) || { { 'text' => 'ignored' } }
$n5 = annotate(Note, [3])
$n6 = annotate(Note, [4]) || { undef }
$cleared = annotate(Note, $a, clear)
$after = annotate(Note, $a)
$multi = annotate(Pcore, { 'x' => 1 }, { Note => { 'text' => 'multi' } })
notify { 'annotations':
  message => ["${n1}", "${n2}", "${n3}", "${n4}", "${n5}", "${n6}", "${cleared}", "${after}",
    $multi, $n1.text, $n3.level, $n1 =~ Note, $n1 =~ Annotation, Note < Annotation, "${Annotation}"],
}
