$x = 1
function h() { 1 }
