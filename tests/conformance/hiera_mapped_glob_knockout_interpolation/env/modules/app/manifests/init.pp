class app(String $port, String $appname, Integer $workers) {
  notify { "app ${appname} ${port} ${workers}": }
}
