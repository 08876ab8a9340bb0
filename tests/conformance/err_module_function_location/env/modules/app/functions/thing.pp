function app::thing() { app::other() }
function app::other() { 'other' }
