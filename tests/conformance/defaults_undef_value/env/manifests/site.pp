# An undef default does not set the attribute; explicit undef is not replaced by a default.
File { owner => undef, group => 'g' }
file { '/a': }
file { '/b': group => undef }
