# end tag at column 0
$x = @(END)
text
END
