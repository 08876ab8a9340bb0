notify { 'dc': message => "top=${datacenter} qualified=${::datacenter} fact=${facts['datacenter']}" }
notify { 'owner': message => "${owner} ${facts['owner']}" }
