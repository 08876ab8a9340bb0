# keywords other than type/function/default/undef cannot be hash keys
$x = { class => 1 }
