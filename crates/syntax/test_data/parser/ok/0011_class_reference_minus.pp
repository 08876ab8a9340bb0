# hyphen after a type reference is a minus operator (no hyphenated CLASSREFs)
$x = Foo-Bar
