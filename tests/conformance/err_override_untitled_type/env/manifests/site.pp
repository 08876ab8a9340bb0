# Resource[File] { ... } is an override of a reference without a title.
file { '/x': }
Resource[File] { owner => 'o' }
