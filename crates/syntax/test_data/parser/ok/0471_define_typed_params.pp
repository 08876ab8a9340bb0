# define with typed parameters
define typed_params (
  Stdlib::Absolutepath $path,
  Enum['present', 'absent'] $ensure = 'present',
) { }
