# contain with a list, an array and a class reference; containing twice is harmless.
class app {
  contain app::install, app::config
  contain [Class['app::service']]
  contain app::config
}
class app::install { package { 'app': } }
class app::config { file { '/etc/app': } }
class app::service { service { 'app': } }
include app
