include ceph
