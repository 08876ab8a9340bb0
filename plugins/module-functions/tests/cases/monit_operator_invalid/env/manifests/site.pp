notice(monit_validate_tests('process', [{ 'type' => 'cpu', 'operator' => 'gt', 'value' => '90%' }]))
