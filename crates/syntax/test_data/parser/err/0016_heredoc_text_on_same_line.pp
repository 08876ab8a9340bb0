# heredoc text starts on the next line; without one there is no end tag
$x = @(END) notice($x)
