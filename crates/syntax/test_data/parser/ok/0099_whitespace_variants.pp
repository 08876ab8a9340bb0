# whitespace variants: tabs, a U+00A0 no-break space and CRLF line endings
$x	=	[1,
  2]
$y = 1
if $x {
  notice($x)
}
