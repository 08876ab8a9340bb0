# node with a regex
node /^web\d+\.example\.com$/ { }
