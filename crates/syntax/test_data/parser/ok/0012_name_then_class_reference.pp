# ::foo::Bar lexes as NAME ::foo followed by CLASSREF ::Bar (two statements)
$x = ::foo::Bar
