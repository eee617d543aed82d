package io.github.timesortedid.jdbc.blog;

import java.util.UUID;

import org.springframework.data.repository.CrudRepository;

public interface DeviceRepository extends CrudRepository<Device, UUID> {

}
