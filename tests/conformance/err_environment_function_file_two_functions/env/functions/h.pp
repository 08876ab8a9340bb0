function h() { zzz() }
function zzz() { 'z' }
