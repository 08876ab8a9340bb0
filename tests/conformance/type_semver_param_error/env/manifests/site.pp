class a(Integer $x) {}
class { 'a': x => SemVer('1.2.3') }
