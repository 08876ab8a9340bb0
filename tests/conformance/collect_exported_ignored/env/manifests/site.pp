# <<| |>> without storeconfigs does nothing (and warns).
@@notify { 'exported': }
@notify { 'virtual': }
Notify <<| |>>
