class site::inner {
  assert_private()
  $dir = get_module_path('site')
  notify { 'files':
    message => [
      loadyaml("${dir}/files/data.yaml"),
      loadjson("${dir}/files/data.json"),
      loadyaml("${dir}/files/missing.yaml", 'fallback'),
      glob("${dir}/files/*.y*ml").map |$f| { basename($f) },
      glob(["${dir}/files/*.json", "${dir}/nothing/*"]).map |$f| { basename($f) },
      load_module_metadata('site')['name'],
      load_module_metadata('site', true)['version'],
      time() > 1600000000,
      try_get_value({ 'a' => { 'b' => [1, 2] } }, 'a/b/1'),
      try_get_value({ 'a' => 1 }, 'x/y', 'dflt'),
    ],
  }
}
