function app::f() { 1 }
function app::fx() { 2 }
