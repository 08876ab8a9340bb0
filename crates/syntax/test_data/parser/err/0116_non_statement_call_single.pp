# foo 'a' is a name followed by a string (value lost), not a call
foo 'a'
notice(1)
