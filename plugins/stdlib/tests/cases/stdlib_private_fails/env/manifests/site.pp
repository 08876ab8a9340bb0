include site::inner
