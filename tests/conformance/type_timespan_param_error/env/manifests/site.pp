class a(String $x) {}
class { 'a': x => Timespan(3) }
