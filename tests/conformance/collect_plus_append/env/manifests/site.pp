# +> in a collector override appends.
package { 'dep1': }
package { 'dep2': }
service { 'svc': require => Package['dep1'] }
Service <| title == 'svc' |> { require +> Package['dep2'] }
