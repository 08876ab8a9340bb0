# Array#product takes arrays only.
$ips = ['10.0.0.1']
notify { 'x': message => inline_template('<%= @ips.product(80).inspect %>') }
