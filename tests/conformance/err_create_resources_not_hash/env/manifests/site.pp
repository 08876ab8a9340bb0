$users = undef
create_resources("notify", $users)
