# A resource type given as a type value: File, Resource[File], Resource['file'],
# Resource[$type] and Resource[$name].
file { '/tmp/a': ensure => file }
File { '/tmp/b': ensure => file }
Resource[File] { '/tmp/c': ensure => file }
$mytype = File
Resource[$mytype] { '/tmp/d': ensure => file }
$mytypename = 'file'
Resource[$mytypename] { '/tmp/e': ensure => file }
Resource['notify'] { 'from string': }
