include site
