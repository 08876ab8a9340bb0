# heredoc as a resource attribute value followed by more attributes
file { '/tmp/a':
  content => @(END),
    hello
    | END
  mode    => '0644',
}
