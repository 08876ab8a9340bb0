node default {
  include logrotate::base
  logrotate::rule { 'nginx':
    path          => '/var/log/nginx/*.log',
    rotate        => '14',
    rotate_every  => 'day',
    compress      => true,
    delaycompress => true,
    missingok     => true,
    ifempty       => false,
    create        => true,
    create_mode   => '0640',
    create_owner  => 'www-data',
    create_group  => 'adm',
    sharedscripts => true,
    postrotate    => 'invoke-rc.d nginx rotate >/dev/null 2>&1',
  }
  logrotate::rule { 'app':
    path         => ['/var/log/app/app.log', '/var/log/app/worker.log'],
    rotate       => '7',
    size         => '100M',
    copytruncate => true,
    dateext      => true,
    dateformat   => '-%Y%m%d',
    compress     => true,
  }
}
