include etcd
